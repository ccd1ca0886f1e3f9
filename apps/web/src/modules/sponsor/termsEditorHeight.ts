/** Spec 1 §3: the terms editor is 300 px high (also the height of its loading placeholder). */
export const TERMS_EDITOR_HEIGHT = 300;
