import { Stepper } from '@mantine/core';
import { type OrderStatus, trackingStep } from '@shop/domain';
import { useTranslation } from 'react-i18next';

/**
 * SPEC §4 storefront tracking: 1 processed, 2 in transit, 3 delivered (DESIGN §6 rule 10). The
 * current step is under way, the ones before it done; delivered completes them all. A cancelled or
 * declined order has no tracking.
 */
export function OrderTracking({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const step = trackingStep(status);
  if (step === null) return null;
  return (
    <Stepper
      active={step === 3 ? 3 : step - 1}
      allowNextStepsSelect={false}
      size="sm"
      aria-label={t('order.tracking.label')}
      data-testid="order-tracking"
      data-step={step}
    >
      <Stepper.Step
        label={t('order.tracking.processed')}
        description={t('order.tracking.processedDescription')}
      />
      <Stepper.Step
        label={t('order.tracking.inTransit')}
        description={t('order.tracking.inTransitDescription')}
      />
      <Stepper.Step
        label={t('order.tracking.delivered')}
        description={t('order.tracking.deliveredDescription')}
      />
    </Stepper>
  );
}
