/**
 * The API key of the suite's clients. In a module of its own so that the leak guard, which every
 * test file loads, can name it without loading msw.
 */
export const API_KEY = 'cp_test_SECRET_key_9f8e7d6c5b4a';
