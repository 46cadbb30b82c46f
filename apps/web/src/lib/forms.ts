/**
 * How every form validates (spec 1 section 5: "validation runs on blur"): a field is first checked when it
 * loses focus, then on every change. Checking on blur alone leaves a fixed error under the field until the
 * next blur, and that blur, caused by pressing Save, removes the message and moves the button away from
 * under the pointer before the click lands: the click is lost.
 */
export const VALIDATION_MODE = 'onTouched' as const;
