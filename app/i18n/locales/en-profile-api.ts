/** profileApi texts (en). */
const profileApi = {
};

export default profileApi;
