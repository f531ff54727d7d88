import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Saves the codes as a text file, the way password managers and printers take them. */
function download(codes: string[], heading: string) {
  const blob = new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The ten recovery codes, this once (only their hashes are kept): copy, download, and a clear warning
 * to save them before leaving.
 */
export function RecoveryCodesPanel({
  codes,
  heading,
  onDone,
}: {
  codes: string[];
  /** First line of the downloaded file: whose codes and for which shop. */
  heading: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('twoFactor.codesTitle')}
      role="status"
    >
      <Stack gap="sm">
        {t('twoFactor.codesWarning')}
        <SimpleGrid
          cols={{ base: 1, xs: 2 }}
          spacing="xs"
          component="ul"
          aria-label={t('twoFactor.codesTitle')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {codes.map((code) => (
            <li key={code}>
              <Code fz="md" style={{ letterSpacing: '0.05em' }}>
                {code}
              </Code>
            </li>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => download(codes, heading)}
          >
            {t('twoFactor.downloadCodes')}
          </Button>
          <Button onClick={onDone}>{t('twoFactor.codesSaved')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
