/** On-site service ordering texts (en). */
const orders = {
  fields: {
    service: "Service",
    item: "Cart item",
    quantity: "Quantity",
    booth: "Booth",
    contractorCompany: "Contractor company name",
    contractorContact: "Contractor contact person",
    contractorPhone: "Contractor phone",
    installationDrawing: "Installation drawing",
    contract: "Stamped contract",
    voucher: "Payment voucher",
  },
  statuses: {
    submitted: "Order submitted",
    contract_uploaded: "Contract uploaded",
    payment_claimed: "Payment claimed",
    completed: "Transaction complete",
  },
  sources: {
    online: "Online",
    offline: "Offline",
    contractor: "Entrusted contractor",
  },
  priceKinds: {
    advance: "Advance price",
    standard: "Standard price",
    onsite: "On-site price",
  },
  priceUntil: {
    advance: "Advance price until {{date}}",
    standard: "Standard price until {{date}}",
    onsite: "On-site price",
  },
  categories: {
    electricity: "Electricity",
    compressedAir: "Compressed air",
    water: "Water",
    lighting: "Lighting",
    furniture: "Furniture",
    network: "Network",
    cleaning: "Cleaning",
  },
  errors: {
    noBooth: "You have no booth to order services for",
    windowClosed: "Ordering is closed for this service",
    emptyCart: "The cart is empty",
    deleted: "This order was deleted",
    busy: "The order was being changed at the same time, please try again",
    contractNotUploaded: "Please upload the stamped contract first",
    lockedAfterContract: "The contract has been uploaded; the order can no longer be changed",
    paymentNotClaimed: "The exhibitor has not attached a payment voucher yet",
    paymentAlreadyClaimed: "The payment voucher has already been attached",
    completed: "This transaction is complete",
  },
};

export default orders;
