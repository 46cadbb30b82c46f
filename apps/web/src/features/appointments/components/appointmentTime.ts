// Apart from the form's module (and its schemas): the list shows times too, and loads no form (issue 46).

/** HH:mm of a time that may carry seconds (the form has minutes only). */
export function shortTime(value: string): string {
  return value.slice(0, 5);
}
