/** verify texts (zh). */
const verify = {
};

export default verify;
