/** exhibitor texts (en). */
const exhibitor = {
};

export default exhibitor;
