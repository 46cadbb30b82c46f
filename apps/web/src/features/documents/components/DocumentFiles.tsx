import { Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { type DocumentFile, opensInBrowser, parseDocUrl } from '@pet/shared';
import { IconDownload, IconExternalLink, IconFile, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './DocumentFiles.module.css';
import { formatFileSize } from './documentPages.ts';

function FileTile({ file }: { file: DocumentFile }) {
  const { t, i18n } = useTranslation('documents');
  const image = file.type.startsWith('image/');
  const opens = opensInBrowser(file.type);
  // The API serves the file to its owner with the session cookie; images and PDFs inline, the rest as an
  // attachment (spec 2 section 4: opened in a new tab or downloaded).
  const linkProps = opens ? { target: '_blank', rel: 'noopener noreferrer' } : { download: file.name };
  const label = t(opens ? 'view.open' : 'view.download', { name: file.name });
  return (
    <Paper withBorder p="xs" radius="md" pos="relative" data-testid="document-file">
      <Group gap="sm" wrap="nowrap">
        {image ? (
          <Image src={file.url} alt="" w={56} h={56} radius="sm" fit="cover" data-testid="file-thumbnail" />
        ) : (
          <ThemeIcon size={56} radius="sm" variant="light" data-testid="file-icon">
            {file.type === 'application/pdf' ? (
              <IconFileTypePdf size={30} stroke={1.5} />
            ) : (
              <IconFile size={30} stroke={1.5} />
            )}
          </ThemeIcon>
        )}
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          {/* The link is the name (its label "Open {name}" holds the visible text, WCAG 2.5.3); its
              ::after stretches over the tile, so the whole tile is still what a click opens. */}
          <Anchor
            href={file.url}
            {...linkProps}
            aria-label={label}
            underline="never"
            c="inherit"
            size="sm"
            fw={600}
            truncate="end"
            display="block"
            className={classes.link}
          >
            {file.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatFileSize(file.size, i18n.language)}
          </Text>
        </Stack>
        {opens ? (
          <IconExternalLink size={18} stroke={1.6} aria-hidden />
        ) : (
          <IconDownload size={18} stroke={1.6} aria-hidden />
        )}
      </Group>
    </Paper>
  );
}

/** The view mode's files: a thumbnail for images, an icon otherwise, with name and size. */
export function DocumentFiles({ entries }: { entries: readonly string[] }) {
  const { t } = useTranslation('documents');
  const files = entries.map(parseDocUrl).filter((file): file is DocumentFile => file !== null);
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3 }}
      spacing="sm"
      component="ul"
      aria-label={t('view.files')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {files.map((file) => (
        <li key={file.url}>
          <FileTile file={file} />
        </li>
      ))}
    </SimpleGrid>
  );
}
