/** On-site service ordering texts (en). */
const orders = {
};

export default orders;
