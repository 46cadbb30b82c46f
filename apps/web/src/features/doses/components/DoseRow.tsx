import { Checkbox, Text } from '@mantine/core';
import type { Dose } from '@pet/shared';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clockDate, clockTime } from '../../../lib/clockTime.ts';
import { useToggleDose } from '../api/useToggleDose.ts';

/** Renders again when `until` (an instant) has passed: the undo window closes on screen too. */
function useRenderAfter(until: string | null) {
  const [, renderAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!until) return;
    const wait = Date.parse(until) - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(renderAgain, wait + 50);
    return () => clearTimeout(timer);
  }, [until]);
}

function GivenLine({ dose }: { dose: Dose }) {
  const { t } = useTranslation('doses');
  if (!dose.given_at) return null;
  const name = dose.given_by ?? t('dose.formerMember');
  const time = clockTime(dose.given_at);
  const date = clockDate(dose.given_at);
  return date === dose.date ? t('dose.given', { name, time }) : t('dose.givenOn', { name, date, time });
}

/**
 * One dose as a tick box: ticked once someone gave it, with who and when below; the user's own tick can be
 * taken back for 10 minutes (the server's `undo_until`), after that, and for anyone else's, the box stays.
 */
export function DoseRow({ dose, past = false }: { dose: Dose; past?: boolean }) {
  const { t } = useTranslation('doses');
  const toggle = useToggleDose(dose);
  const [clicked, setClicked] = useState<boolean | null>(null);
  useRenderAfter(dose.undo_until);
  const given = dose.given_at !== null;
  const mayUndo = dose.undo_until !== null && Date.parse(dose.undo_until) > Date.now();
  const locked = given && !mayUndo;
  const slot = t(`slots.${dose.slot}`);
  return (
    <li data-testid="dose" data-given={given}>
      <Checkbox
        // The box follows the click at once; the list read after the save (or the failure) settles it.
        checked={clicked ?? given}
        disabled={clicked !== null}
        // A tick no one may take back any more stays as it is, drawn as given rather than greyed out.
        aria-disabled={locked || undefined}
        onChange={(event) => {
          if (locked) return;
          const give = event.currentTarget.checked;
          setClicked(give);
          toggle.mutate(give, { onSettled: () => setClicked(null) });
        }}
        aria-label={t('dose.label', { medication: dose.medication_name, slot })}
        label={
          <Text span fw={600} size="sm">
            {dose.medication_name}
          </Text>
        }
        description={
          given ? (
            <>
              <GivenLine dose={dose} />
              {mayUndo && dose.undo_until
                ? ` ${t('dose.undoHint', { time: clockTime(dose.undo_until) })}`
                : null}
            </>
          ) : (
            t(past ? 'dose.notGivenPast' : 'dose.notGiven')
          )
        }
        styles={{ body: { alignItems: 'flex-start' } }}
      />
    </li>
  );
}
