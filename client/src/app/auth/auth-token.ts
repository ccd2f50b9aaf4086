/** Spec section 9: the session token lives in localStorage under `authToken`. */
export const AUTH_TOKEN_KEY = 'authToken';

/** localStorage can throw (storage disabled, quota); a missing token is the safe answer then. */
export const authToken = {
  read(): string | null {
    try {
      return localStorage.getItem(AUTH_TOKEN_KEY);
    } catch {
      return null;
    }
  },
  store(token: string): void {
    try {
      localStorage.setItem(AUTH_TOKEN_KEY, token);
    } catch (error) {
      console.error('Could not store the session token', error);
    }
  },
  clear(): void {
    try {
      localStorage.removeItem(AUTH_TOKEN_KEY);
    } catch (error) {
      console.error('Could not remove the session token', error);
    }
  },
};

export const bearer = (token: string) => `Bearer ${token}`;
