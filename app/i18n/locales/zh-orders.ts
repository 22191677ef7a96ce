/** On-site service ordering texts (zh). */
const orders = {
};

export default orders;
