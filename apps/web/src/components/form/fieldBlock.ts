import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  get,
  type Path,
  useFormState,
} from 'react-hook-form';
import { useErrorText } from '../../lib/errors.ts';

// Field blocks: one input with its label, rules and message, written once and placed in every form of an
// entity (add and edit). A block is generic over the form's values: it names the field it edits and the
// type that field must hold, so any form with such a field can use it, whatever else the form holds.

/** Any form's control, whatever its resolver turns the values into (a block only reads and sets values). */
export type AnyControl<Values extends FieldValues> = Control<Values, unknown, FieldValues>;

export interface FieldBlockProps<Values extends FieldValues, Value> {
  control: AnyControl<Values>;
  /** A field of the form that holds `Value`. */
  name: FieldPathByValue<Values, Value>;
}

/** The translated message under a field (the resolver's or the server's), or undefined. */
export function useFieldError<Values extends FieldValues>(
  control: AnyControl<Values>,
  name: Path<Values>,
): string | undefined {
  const errorText = useErrorText();
  const { errors } = useFormState({ control, name });
  return errorText(get(errors, name)?.message);
}
