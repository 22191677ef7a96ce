/** epidemic texts (en), issue 41: The epidemic declaration. */
const epidemic = {
  title: "The epidemic declaration",
};

export default epidemic;
