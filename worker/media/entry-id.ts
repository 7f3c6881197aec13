/** A video's entry id as the catalogue writes them ('1_ab12cd34'); anything else is refused early. */
export const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/;
