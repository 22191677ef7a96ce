/** exhibitor texts (zh). */
const exhibitor = {
};

export default exhibitor;
