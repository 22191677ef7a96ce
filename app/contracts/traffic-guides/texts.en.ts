/** trafficGuides texts (en), issue 41: The bus and parking guides. */
const trafficGuides = {
  title: "The bus and parking guides",
};

export default trafficGuides;
