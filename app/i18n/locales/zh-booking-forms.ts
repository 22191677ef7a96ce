/** Offline booking forms: air compressor, facility location map, special power (zh). */
const bookingForms = {
};

export default bookingForms;
