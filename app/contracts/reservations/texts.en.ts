/** reservations texts (en), issue 41: Business reservations. */
const reservations = {
  title: "Business reservations",
};

export default reservations;
