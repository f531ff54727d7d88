import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { Import, ImportResourceName } from '@shop/domain';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../hooks/use-language';
import { translateMessage } from '../../../../i18n/translate-message';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import {
  importTemplateUrl,
  runImport,
  uploadImport,
  useImportProgress,
  useResumableImports,
} from '../api/imports';
import { ImportErrors } from './import-errors';

interface ImportDialogProps {
  resource: ImportResourceName;
  opened: boolean;
  onClose: () => void;
  /** Called once an import has written its rows, so the list can reload. */
  onImported?: () => void;
}

function Figure({ label, value }: { label: string; value: number }) {
  const lng = useLanguage();
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value.toLocaleString(lng === 'it' ? 'it-IT' : 'en-GB')}
      </Text>
    </div>
  );
}

/**
 * A button with, while it is disabled, the reason said beside it and tied to it (aria-describedby):
 * a disabled button takes no focus, so a tooltip would never reach keyboard users (issue 22).
 */
function ActionWithReason({
  reason,
  children,
  ...props
}: {
  reason: string | null;
  children: ReactNode;
  onClick: () => void;
  loading?: boolean;
}) {
  const id = useId();
  return (
    <Group gap="sm" wrap="nowrap" justify="flex-end">
      {reason && (
        <Text id={id} size="sm" c="dimmed" ta="right">
          {reason}
        </Text>
      )}
      <Button {...props} disabled={reason !== null} aria-describedby={reason ? id : undefined}>
        {children}
      </Button>
    </Group>
  );
}

/**
 * Excel import for any back-office list (issue 3): template, upload with progress, the preview with
 * every invalid cell, all-or-nothing or skipping invalid rows, the run's progress and its summary.
 */
export function ImportDialog({ resource, opened, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<number>();
  const [refused, setRefused] = useState<string>();
  const [preview, setPreview] = useState<Import>();
  const [skipInvalid, setSkipInvalid] = useState('all');
  const [started, setStarted] = useState<Import>();
  const running = started !== undefined && (started.status === 'running' || started.status === 'previewed');
  const progress = useImportProgress(started?.id, running);
  const current = progress.data ?? started;
  const finished = current?.status === 'completed' || current?.status === 'failed';
  const lng = useLanguage();
  const locale = lng === 'it' ? 'it-IT' : 'en-GB';
  const resumable = useResumableImports(resource, opened && !preview && !started);

  useEffect(() => {
    if (!progress.data || progress.data.status === started?.status) return;
    setStarted(progress.data);
    if (progress.data.status === 'completed') onImported?.();
  }, [progress.data, started?.status, onImported]);

  function reset() {
    setFile(null);
    setUploaded(undefined);
    setRefused(undefined);
    setPreview(undefined);
    setStarted(undefined);
    setSkipInvalid('all');
  }

  async function upload() {
    if (!file) return;
    setRefused(undefined);
    setUploaded(0);
    try {
      setPreview(await uploadImport(resource, file, setUploaded));
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : String(error));
    } finally {
      setUploaded(undefined);
    }
  }

  async function run() {
    if (!preview) return;
    setRefused(undefined);
    try {
      const result = await runImport(preview.id, { skip_invalid: skipInvalid === 'skip' });
      setStarted(result);
      if (result.status === 'completed') onImported?.();
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : String(error));
    }
  }

  /** Continues a run that stopped before its end (the server picks up at its first batch not written). */
  async function resume(record: Import) {
    setRefused(undefined);
    try {
      setStarted(await runImport(record.id, { skip_invalid: record.skip_invalid ?? false }));
    } catch (error) {
      setRefused(error instanceof ApiError ? error.message : String(error));
    }
  }

  const close = () => {
    reset();
    onClose();
  };
  const hasInvalid = (preview?.invalid_rows ?? 0) > 0;

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={opened}
      onClose={close}
      title={t('bo.import.title', { resource: t(`bo.resources.${resource}`) })}
      size="xl"
    >
      <Stack gap="md">
        {refused && (
          <Alert color="red" role="alert" title={t('bo.import.refused')}>
            {translateMessage(refused)}
          </Alert>
        )}
        {!preview &&
          !started &&
          resumable.data?.data.map((record) => (
            <Alert key={record.id} color="yellow" title={t('bo.import.interruptedTitle')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {t('bo.import.interrupted', {
                    file: record.filename,
                    processed: record.progress.processed.toLocaleString(locale),
                    total: record.progress.total.toLocaleString(locale),
                    date: formatDate(record.finished_at ?? record.created_at, lng),
                  })}
                </Text>
                <Button size="xs" onClick={() => void resume(record)}>
                  {t('bo.import.continue')}
                </Button>
              </Stack>
            </Alert>
          ))}
        {!preview && !started && (
          <>
            <Text size="sm">{t('bo.import.intro')}</Text>
            <Anchor href={importTemplateUrl(resource)} download size="sm">
              <Group gap={4} component="span">
                <IconDownload size={16} aria-hidden />
                {t('bo.import.template')}
              </Group>
            </Anchor>
            <FileInput
              label={t('bo.import.file')}
              placeholder={t('bo.import.filePlaceholder')}
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              value={file}
              onChange={setFile}
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              clearable
            />
            {uploaded !== undefined && (
              <Progress value={uploaded * 100} aria-label={t('bo.import.uploading')} animated />
            )}
            <ActionWithReason
              onClick={() => void upload()}
              reason={file ? null : t('bo.import.chooseFileFirst')}
              loading={uploaded !== undefined}
            >
              {t('bo.import.check')}
            </ActionWithReason>
          </>
        )}
        {preview && !started && (
          <>
            <SimpleGrid cols={4}>
              <Figure label={t('bo.import.rows')} value={preview.total_rows} />
              <Figure label={t('bo.import.invalidRows')} value={preview.invalid_rows} />
              <Figure label={t('bo.import.toCreate')} value={preview.to_create} />
              <Figure label={t('bo.import.toUpdate')} value={preview.to_update} />
            </SimpleGrid>
            {preview.errors.length > 0 ? (
              <ImportErrors errors={preview.errors} total={preview.errors_total} />
            ) : (
              <Alert color="green">{t('bo.import.allValid')}</Alert>
            )}
            {hasInvalid && (
              <Radio.Group value={skipInvalid} onChange={setSkipInvalid} label={t('bo.import.mode')}>
                <Stack gap={6} mt={6}>
                  <Radio value="all" label={t('bo.import.allOrNothing')} />
                  <Radio value="skip" label={t('bo.import.skipInvalid')} />
                </Stack>
              </Radio.Group>
            )}
            <Group justify="space-between" wrap="nowrap" align="center">
              <Button variant="subtle" onClick={reset}>
                {t('bo.import.another')}
              </Button>
              <ActionWithReason
                onClick={() => void run()}
                reason={hasInvalid && skipInvalid === 'all' ? t('bo.import.fixInvalidFirst') : null}
              >
                {t('bo.import.run')}
              </ActionWithReason>
            </Group>
          </>
        )}
        {current && started && !finished && (
          <Stack gap={4}>
            <Text size="sm">{t('bo.import.running')}</Text>
            <Progress
              value={current.progress.total ? (current.progress.processed / current.progress.total) * 100 : 0}
              aria-label={t('bo.import.progress')}
              size="lg"
            />
            <Text size="xs" c="dimmed">
              {t('bo.import.processed', {
                processed: current.progress.processed,
                total: current.progress.total,
              })}
            </Text>
          </Stack>
        )}
        {current?.status === 'completed' && current.summary && (
          <Alert color="green" title={t('bo.import.done')}>
            <SimpleGrid cols={3}>
              <Figure label={t('bo.import.created')} value={current.summary.created} />
              <Figure label={t('bo.import.updated')} value={current.summary.updated} />
              <Figure label={t('bo.import.skipped')} value={current.summary.skipped} />
            </SimpleGrid>
          </Alert>
        )}
        {current?.status === 'failed' && (
          <Alert color="red" role="alert" title={t('bo.import.failed')}>
            {translateMessage(current.error ?? '')}
          </Alert>
        )}
        {finished && (
          <Group justify="flex-end">
            {current?.resumable && (
              <Button variant="default" onClick={() => void resume(current)}>
                {t('bo.import.continue')}
              </Button>
            )}
            <Button onClick={close}>{t('common.close')}</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
