import {
  type FieldValues,
  type UseFormProps,
  type UseFormRegister,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { afterPointerRelease, watchPointerPresses } from './pointerPress.ts';

/**
 * How every form validates (spec 1 section 5: "validation runs on blur"): a field is first checked when it
 * loses focus, then on every change. Checking on blur alone leaves a fixed error under the field until the
 * next blur, and that blur, caused by pressing Save, removes the message and moves the button away from
 * under the pointer before the click lands: the click is lost.
 */
export const VALIDATION_MODE = 'onTouched' as const;

/**
 * A field's blur check, held back while the primary pointer is pressed: a press on a button below the field
 * blurs it, and a message appearing or going at that moment would move the button from under the pointer
 * before the release, so the click would be lost (issue 17, decision 0005). The check runs once the click
 * has been handled. A blur without a press (Tab, or a script) is checked at once.
 */
function withClickSafeBlur<T extends FieldValues>(register: UseFormRegister<T>): UseFormRegister<T> {
  return (name, options) => {
    const field = register(name, options);
    const checkOnBlur = field.onBlur;
    return {
      ...field,
      onBlur: (event) =>
        new Promise((resolve, reject) =>
          afterPointerRelease(() => {
            checkOnBlur(event).then(resolve, reject);
          }),
        ),
    };
  };
}

/** Marks a form whose register is already wrapped: the wrapping happens once per form, on its first render. */
const clickSafe = new WeakSet<object>();

/**
 * The one way a form of this app is made: react-hook-form's useForm with the app's validation mode, and
 * blur checks that never move a button while it is being pressed. Every field registered through it, with
 * `register` or through a `Controller` (which registers through `control.register`), inherits both; a form
 * can put its buttons anywhere (docs/architecture.md, "Forms").
 */
export function useAppForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  props: Omit<UseFormProps<TFieldValues, TContext, TTransformedValues>, 'mode'> = {},
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  watchPointerPresses();
  const form = useForm<TFieldValues, TContext, TTransformedValues>({ ...props, mode: VALIDATION_MODE });
  if (!clickSafe.has(form.control)) {
    clickSafe.add(form.control);
    // The form object and its control live as long as the form: react-hook-form's Controller and its own
    // register calls read `control.register`, so the wrapped function goes in both places, in place.
    const register = withClickSafeBlur(form.control.register);
    form.control.register = register;
    form.register = register;
  }
  return form;
}
