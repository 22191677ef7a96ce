/** Offline booking forms: air compressor, facility location map, special power (en). */
const bookingForms = {
};

export default bookingForms;
