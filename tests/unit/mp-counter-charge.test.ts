/** The counter's QR / Point charge (issue #34): how often it asks the server, and the headline of each status. */
import { describe, expect, it } from 'vitest';
import { attemptHeadline, MP_COUNTER_MSG } from '../../domain/messages-payments';
import type { OrderAttemptJson } from '../../domain/schemas/payment-orders';
import { pollInterval } from '../../src/features/pos/mercadopago/charge';

const attempt = (done: boolean) => ({ done }) as OrderAttemptJson;

describe('pollInterval', () => {
  it('asks every second while open, every 5 s after a failed read, never once it is over', () => {
    expect(pollInterval(attempt(false), 0)).toBe(1_000);
    expect(pollInterval(undefined, 0)).toBe(1_000);
    expect(pollInterval(attempt(false), 1)).toBe(5_000);
    expect(pollInterval(attempt(false), 7)).toBe(5_000);
    expect(pollInterval(attempt(true), 0)).toBe(false);
    expect(pollInterval(attempt(true), 3)).toBe(false);
  });
});

describe('attemptHeadline', () => {
  it('tells QR from Point while created, and says what the terminal needs', () => {
    expect(attemptHeadline('qr', 'created')).toBe(MP_COUNTER_MSG.scan);
    expect(attemptHeadline('point', 'created')).toBe(MP_COUNTER_MSG.sentToTerminal);
    expect(attemptHeadline('point', 'at_terminal')).toMatch(/^Seguí en el terminal/);
    expect(attemptHeadline('point', 'action_required')).toMatch(/^Revisá el terminal/);
    for (const status of ['failed', 'canceled', 'expired', 'processed', 'error']) expect(attemptHeadline('point', status)).not.toBe(MP_COUNTER_MSG.unknown);
    expect(attemptHeadline('qr', 'something_new')).toBe(MP_COUNTER_MSG.unknown);
  });
});
