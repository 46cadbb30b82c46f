import { Anchor, Blockquote, Code, Divider, List, Text, Title } from '@mantine/core';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';

// An operator's Markdown in the portal's typography. react-markdown builds React elements, never HTML
// strings: HTML written in a file shows as its text (no skipHtml, so an operator sees a mistake), and its
// default URL filter drops javascript: and other unsafe links. Images are not part of a legal text.

const components: Components = {
  // The page's own title is the h1; a heading in the text sits below it.
  h1: ({ children }) => (
    <Title order={2} fz="xl" mt="xl" mb="sm">
      {children}
    </Title>
  ),
  h2: ({ children }) => (
    <Title order={2} fz="lg" mt="xl" mb="xs">
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={3} fz="md" mt="lg" mb="xs">
      {children}
    </Title>
  ),
  h4: ({ children }) => (
    <Title order={4} fz="sm" mt="md" mb={4}>
      {children}
    </Title>
  ),
  p: ({ children }) => <Text mb="sm">{children}</Text>,
  a: ({ href, children }) =>
    href?.startsWith('/') ? (
      <Anchor component={Link} to={href} underline="always">
        {children}
      </Anchor>
    ) : (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" underline="always">
        {children}
      </Anchor>
    ),
  ul: ({ children }) => (
    <List mb="sm" spacing={6}>
      {children}
    </List>
  ),
  ol: ({ children }) => (
    <List type="ordered" mb="sm" spacing={6}>
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  blockquote: ({ children }) => (
    // Less padding below: the quote's last paragraph brings its own bottom margin.
    <Blockquote color="yellow" pt="md" px="md" pb={4} mb="lg" radius="md">
      {children}
    </Blockquote>
  ),
  code: ({ children }) => <Code>{children}</Code>,
  hr: () => <Divider my="lg" />,
};

export function LegalMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown components={components} disallowedElements={['img']} unwrapDisallowed={false}>
      {markdown}
    </Markdown>
  );
}
