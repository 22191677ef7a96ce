/** The transport pages' labels (fields and errors are in texts.en.ts). */
const pageTexts = {
  carriage: { title: "Exhibit carriage" },
  review: { title: "Carrier review" },
  orders: { title: "Carrier orders" },
  lifting: { title: "Hoisting fee and appointment" },
};

export default pageTexts;
