import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  messages,
  RETURN_MAX_PHOTOS,
  RETURN_REASONS,
  type ReturnableRow,
  type ReturnReason,
  returnMessages,
} from '@shop/domain';
import { IconAlertTriangle, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/translate-message';
import { ApiError } from '../../../lib/api-client';
import { addReturnPhotos, useCreateReturn } from '../api/create-return';

interface ReturnDialogProps {
  orderNo: string;
  rows: ReturnableRow[];
  opened: boolean;
  onClose: () => void;
}

type Choice = { quantity: number; reason: ReturnReason | null; note: string };
type FieldErrors = Record<number, Partial<Record<'quantity' | 'reason' | 'note' | 'row_id', string>>>;

const blank: Choice = { quantity: 0, reason: null, note: '' };

/**
 * Asking to return shipped items (issue 21 point 5): per shipped row how many (up to what is left to
 * return), why (Other needs the customer's words) and optional photos. Errors land on the row's fields;
 * the request is written first, then its photos.
 */
export function ReturnDialog({ orderNo, rows, opened, onClose }: ReturnDialogProps) {
  const { t } = useTranslation();
  const create = useCreateReturn();
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const returnable = rows.filter((r) => r.returnable > 0);

  const choiceOf = (rowId: number) => choices[rowId] ?? blank;
  const change = (rowId: number, patch: Partial<Choice>) =>
    setChoices((current) => ({ ...current, [rowId]: { ...choiceOf(rowId), ...patch } }));
  const close = () => {
    setChoices({});
    setPhotos([]);
    setFieldErrors({});
    setError(null);
    onClose();
  };

  /** The chosen rows, or the errors that keep them from being sent. */
  function chosen() {
    const picked = returnable.filter((r) => choiceOf(r.row_id).quantity > 0);
    const errors: FieldErrors = {};
    for (const row of picked) {
      const choice = choiceOf(row.row_id);
      if (!choice.reason) errors[row.row_id] = { reason: t('returns.dialog.reasonRequired') };
      else if (choice.reason === 'other' && !choice.note.trim())
        errors[row.row_id] = { note: translateMessage(returnMessages.noteRequired) };
    }
    return { picked, errors };
  }

  /** A 422's `rows.N.field` errors on the fields of the N-th row sent. */
  function serverErrors(cause: ApiError, sent: ReturnableRow[]): FieldErrors {
    const errors: FieldErrors = {};
    for (const [path, [text]] of Object.entries(cause.errors)) {
      const match = /^rows\.(\d+)\.(quantity|reason|note|row_id)$/.exec(path);
      const row = match && sent[Number(match[1])];
      if (!row || !text) continue;
      errors[row.row_id] = { ...errors[row.row_id], [match[2]!]: translateMessage(text) };
    }
    return errors;
  }

  async function submit() {
    setError(null);
    const { picked, errors } = chosen();
    setFieldErrors(errors);
    if (picked.length === 0) return setError(t('returns.dialog.nothing'));
    if (Object.keys(errors).length > 0) return;
    if (photos.length > RETURN_MAX_PHOTOS)
      return setError(
        translateMessage(returnMessages.photosTooMany).replace(':max', String(RETURN_MAX_PHOTOS)),
      );
    setSending(true);
    try {
      const created = await create.mutateAsync({
        orderNo,
        rows: picked.map((r) => {
          const c = choiceOf(r.row_id);
          return {
            row_id: r.row_id,
            quantity: c.quantity,
            reason: c.reason!,
            ...(c.note.trim() ? { note: c.note.trim() } : {}),
          };
        }),
      });
      if (photos.length > 0) {
        try {
          await addReturnPhotos(created.id, photos);
        } catch (cause) {
          const message =
            cause instanceof ApiError
              ? translateMessage(Object.values(cause.errors)[0]?.[0] ?? cause.message)
              : '';
          notifications.show({ color: 'orange', message: t('returns.dialog.photosFailed', { message }) });
        }
      }
      notifications.show({ color: 'teal', message: t('returns.dialog.done') });
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 422) {
        const onRows = serverErrors(cause, picked);
        setFieldErrors(onRows);
        if (Object.keys(onRows).length === 0) setError(translateMessage(cause.message));
      } else setError(translateMessage(cause instanceof ApiError ? cause.message : messages.serverError));
    } finally {
      setSending(false);
    }
  }

  const reasons = RETURN_REASONS.map((value) => ({ value, label: t(`returns.reasons.${value}`) }));
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('returns.dialog.title', { orderNo })}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('returns.dialog.intro')}</Text>
        {returnable.length === 0 ? (
          <Alert color="blue" variant="light" role="status">
            {t('returns.dialog.nothingLeft')}
          </Alert>
        ) : (
          <Table verticalSpacing="xs" fz="sm" data-testid="return-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('returns.dialog.item')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('returns.dialog.returnable')}
                </Table.Th>
                <Table.Th scope="col">{t('returns.dialog.quantity')}</Table.Th>
                <Table.Th scope="col">{t('returns.dialog.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {returnable.map((row) => {
                const choice = choiceOf(row.row_id);
                const errors = fieldErrors[row.row_id] ?? {};
                return (
                  <Table.Tr key={row.row_id}>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.sku}
                      </Text>
                      <Text size="sm">{row.description}</Text>
                      {errors.row_id && (
                        <Text size="xs" c="red" role="alert">
                          {errors.row_id}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{row.returnable}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('returns.dialog.quantityLabel', { sku: row.sku, max: row.returnable })}
                        min={0}
                        max={row.returnable}
                        clampBehavior="strict"
                        allowDecimal={false}
                        allowNegative={false}
                        value={choice.quantity}
                        onChange={(value) => change(row.row_id, { quantity: Number(value) || 0 })}
                        error={errors.quantity}
                        w={110}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={6}>
                        <Select
                          aria-label={t('returns.dialog.reasonLabel', { sku: row.sku })}
                          data={reasons}
                          value={choice.reason}
                          onChange={(value) => change(row.row_id, { reason: value as ReturnReason | null })}
                          disabled={choice.quantity === 0}
                          error={errors.reason}
                          miw={170}
                        />
                        {choice.reason === 'other' && (
                          <TextInput
                            aria-label={t('returns.dialog.noteLabel', { sku: row.sku })}
                            placeholder={t('returns.dialog.note')}
                            value={choice.note}
                            maxLength={500}
                            required
                            onChange={(event) => change(row.row_id, { note: event.currentTarget.value })}
                            error={errors.note}
                          />
                        )}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <FileInput
          label={t('returns.dialog.photos')}
          description={t('returns.dialog.photosHint')}
          accept="image/jpeg,image/png"
          multiple
          clearable
          leftSection={<IconPhoto size={16} aria-hidden />}
          value={photos}
          onChange={setPhotos}
        />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('returns.dialog.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={sending} disabled={returnable.length === 0}>
            {t('returns.dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
