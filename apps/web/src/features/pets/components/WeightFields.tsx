import { ActionIcon, Group, NumberInput, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DisplayDateInput, todayIso } from '../../../components/DisplayDateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useErrorText } from '../../../lib/errors.ts';
import { usePetTexts } from './usePetTexts.ts';
import { WeightList } from './WeightList.tsx';
import type { WeightDraft, WeightDraftErrors } from './weightDraft.ts';

/** The two labels stay on one line, so the inputs and the add button line up on a phone too. */
const ONE_LINE_LABEL = {
  label: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' },
} as const;

interface WeightFieldsProps {
  draft: WeightDraft;
  onDraftChange: (draft: WeightDraft) => void;
  errors: WeightDraftErrors;
  /** Save was pressed with an incomplete or negative weight: "Weight response ignored". */
  ignored: boolean;
  onAdd: () => void;
  weights: ReadonlyArray<{ weight: number; date: string }>;
  onRemove: (index: number) => void;
  disabled?: boolean;
  weightRef?: Ref<HTMLInputElement>;
  dateRef?: Ref<HTMLInputElement>;
  /** Changes when an entry was taken: the date picker starts afresh (it keeps typed text while open). */
  round: number;
}

/** Weight (kg, decimal comma or point) and date with an add button, the message, and the list below. */
export function WeightFields(props: WeightFieldsProps) {
  const { t } = useTranslation(['pets', 'errors']);
  const fieldError = useErrorText();
  const texts = usePetTexts();
  const { draft } = props;
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <NumberInput
          ref={props.weightRef}
          style={{ flex: 1, minWidth: 0 }}
          label={t('fields.weight')}
          value={draft.weight}
          onChange={(weight) => props.onDraftChange({ ...draft, weight })}
          // A comma is the decimal mark in German, a point in English: both are taken.
          decimalSeparator={texts.decimalSeparator}
          allowedDecimalSeparators={['.', ',']}
          decimalScale={2}
          hideControls
          inputMode="decimal"
          styles={ONE_LINE_LABEL}
          disabled={props.disabled}
          error={fieldError(props.errors.weight)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onAdd();
            }
          }}
        />
        <DisplayDateInput
          key={props.round}
          ref={props.dateRef}
          style={{ flex: 1, minWidth: 0 }}
          label={t('fields.weightDate')}
          value={draft.date}
          onChange={(date) => props.onDraftChange({ ...draft, date })}
          maxDate={todayIso()}
          clearable
          leftSection={null}
          styles={ONE_LINE_LABEL}
          disabled={props.disabled}
          error={fieldError(props.errors.date)}
          popoverProps={{ position: 'bottom-end' }}
        />
        <ActionIcon
          size={36}
          mt={25}
          variant="filled"
          aria-label={t('weights.add')}
          title={t('weights.add')}
          onClick={props.onAdd}
          disabled={props.disabled}
        >
          <IconPlus size={20} stroke={2} />
        </ActionIcon>
      </Group>
      {props.ignored ? <FormAlert>{t('errors:Weight_Response_Ignored')}</FormAlert> : null}
      <WeightList weights={props.weights} onRemove={props.onRemove} disabled={props.disabled} />
    </Stack>
  );
}
