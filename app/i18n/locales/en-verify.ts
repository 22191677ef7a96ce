/** verify texts (en). */
const verify = {
};

export default verify;
