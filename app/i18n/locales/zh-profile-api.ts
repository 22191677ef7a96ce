/** profileApi texts (zh). */
const profileApi = {
};

export default profileApi;
