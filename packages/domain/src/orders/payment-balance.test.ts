import { describe, expect, it } from 'vitest';
import { paymentBalance } from './payment-balance';

const approved = (amount: number, amountPaid: number | null = null, refundedAmount = 0) => ({
  status: 'approved',
  amount,
  amountPaid,
  refundedAmount,
});

describe('paymentBalance (DESIGN §6 rule 16)', () => {
  it('owes the whole total while nothing was approved', () => {
    const open = { status: 'pending', amount: 5112, amountPaid: null, refundedAmount: 0 };
    expect(paymentBalance({ total: 5112, status: 'pending' }, [open])).toEqual({
      paid: 0,
      due: 5112,
      refundDue: 0,
    });
  });

  it('leaves the difference due when a payment opened before an edit paid the old total', () => {
    expect(paymentBalance({ total: 5112, status: 'pending' }, [approved(1696)])).toEqual({
      paid: 1696,
      due: 3416,
      refundDue: 0,
    });
  });

  it('counts what the gateway reported taking, to the cent', () => {
    expect(paymentBalance({ total: 1696, status: 'pending' }, [approved(1696, 1695)]).due).toBe(1);
    expect(paymentBalance({ total: 1696, status: 'pending' }, [approved(1696, 1697)]).refundDue).toBe(1);
  });

  it('owes a refund of everything paid for a cancelled order, less what was given back', () => {
    expect(paymentBalance({ total: 2917, status: 'cancelled' }, [approved(2917)])).toEqual({
      paid: 2917,
      due: 0,
      refundDue: 2917,
    });
    expect(paymentBalance({ total: 2917, status: 'cancelled' }, [approved(2917, null, 2917)]).refundDue).toBe(
      0,
    );
  });

  it('settles exactly when payments less refunds equal the total', () => {
    const both = [approved(1000), approved(5112, null, 1000)];
    expect(paymentBalance({ total: 5112, status: 'confirmed' }, both)).toEqual({
      paid: 5112,
      due: 0,
      refundDue: 0,
    });
  });

  it('owes nothing again once a return paid online was refunded through the provider (issue 21)', () => {
    // 12 345 paid by card; a return's credit note of 3 172 refunded on the same payment.
    const refunded = [approved(12_345, null, 3172)];
    expect(paymentBalance({ total: 12_345, status: 'shipped', returnsRefunded: 3172 }, refunded)).toEqual({
      paid: 9173,
      due: 0,
      refundDue: 0,
    });
    // Without the rule the same refund would read as money due again.
    expect(paymentBalance({ total: 12_345, status: 'shipped' }, refunded).due).toBe(3172);
  });

  it('owes the total less the returns refunded by bank transfer on an order paid on delivery', () => {
    expect(paymentBalance({ total: 5000, status: 'delivered', returnsRefunded: 1220 }, [])).toEqual({
      paid: 0,
      due: 3780,
      refundDue: 0,
    });
  });
});
