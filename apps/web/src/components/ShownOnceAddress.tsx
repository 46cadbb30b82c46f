import { Alert, Button, CopyButton, Flex, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';

interface ShownOnceAddressProps {
  url: string;
  /** Why to copy it now: the server keeps only its hash and never shows it again. */
  notice: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
}

/** A secret address just made (a calendar feed, a share link): shown this once, selectable, with a copy button. */
export function ShownOnceAddress({ url, notice, label, copyLabel, copiedLabel }: ShownOnceAddressProps) {
  return (
    <Stack gap="sm">
      <Alert variant="light" color="yellow" radius="md" icon={<IconShieldLock size={18} />}>
        <Text size="sm">{notice}</Text>
      </Alert>
      <Flex gap="xs" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
        <TextInput
          label={label}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        />
        <CopyButton value={url} timeout={2500}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? copiedLabel : copyLabel}
            </Button>
          )}
        </CopyButton>
      </Flex>
    </Stack>
  );
}
