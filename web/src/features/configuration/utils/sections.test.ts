import { describe, expect, it } from 'vitest';
import { secretInput } from '@/components/ui/secret-value';
import { bytesToMb, formatBytes, MB, mbToBytes } from '@/features/configuration/utils/format';
import { formatAgo } from '@/lib/format';
import { LIMITS, MAIL, MODEL, serverFieldMap, STRIPE, TRANSCRIPTION } from '@/features/configuration/utils/sections';
import { makeSettings } from '@/testing/mocks/configuration';

describe('configuration forms', () => {
  it('sends a secret only when typed, "" when removed', () => {
    expect(secretInput('')).toBeUndefined();
    expect(secretInput('   ')).toBeUndefined();
    expect(secretInput(null)).toBe('');
    expect(secretInput(' sk-new ')).toBe('sk-new');

    const model = makeSettings().model;
    expect(MODEL.toInput({ ...MODEL.toForm(model), baseUrl: ' ', model: '' }, model)).toEqual({ provider: 'openai', baseUrl: null, model: null });
    expect(MODEL.toInput({ ...MODEL.toForm(model), apiKey: null }, model)).toMatchObject({ apiKey: '' });
    const stripe = makeSettings().stripe;
    expect(STRIPE.toInput({ ...STRIPE.toForm(stripe), webhookSecret: 'whsec_1' }, stripe)).toEqual({ publishableKey: null, baseUrl: null, webhookSecret: 'whsec_1' });
    const transcription = makeSettings().transcription;
    expect(TRANSCRIPTION.toInput(TRANSCRIPTION.toForm(transcription), transcription)).toEqual({ baseUrl: null, model: null });
    expect(TRANSCRIPTION.schema.safeParse({ apiKey: '', baseUrl: '', model: 'x'.repeat(201) }).success).toBe(false);
  });

  it('checks a secret only when one is typed', () => {
    const mail = { from: 'ops@example.com' };
    expect(MAIL.schema.safeParse({ ...mail, smtpUrl: '' }).success).toBe(true);
    expect(MAIL.schema.safeParse({ ...mail, smtpUrl: null }).success).toBe(true);
    expect(MAIL.schema.safeParse({ ...mail, smtpUrl: 'http://mail' }).success).toBe(false);
    expect(MAIL.schema.safeParse({ ...mail, smtpUrl: 'smtps://u:p@mail.example.com:465' }).success).toBe(true);
    expect(MAIL.schema.safeParse({ from: 'Ops <ops@example.com>', smtpUrl: '' }).success).toBe(true);
    expect(MAIL.schema.safeParse({ from: 'ops', smtpUrl: '' }).success).toBe(false);
  });

  it('turns megabytes into bytes and back, keeping untouched sizes exact', () => {
    expect(bytesToMb(25 * MB)).toBe('25');
    expect(bytesToMb(MB / 2)).toBe('0.5');
    expect(bytesToMb(1024)).toBe('0.000977');
    expect(mbToBytes('0.000977')).toBe(1024);
    expect(mbToBytes('1.5')).toBe(1.5 * MB);

    const limits = { ...makeSettings().limits, knowledgeQuotaBytes: 1_500_000 };
    const form = LIMITS.toForm(limits);
    expect(LIMITS.toInput(form, limits).knowledgeQuotaBytes).toBe(1_500_000);
    expect(LIMITS.toInput({ ...form, knowledgeQuotaMb: '2' }, limits).knowledgeQuotaBytes).toBe(2 * MB);
    expect(LIMITS.schema.safeParse({ ...form, uploadMaxMb: '1024' }).success).toBe(true);
    expect(LIMITS.schema.safeParse({ ...form, uploadMaxMb: '1025' }).success).toBe(false);
    expect(LIMITS.schema.safeParse({ ...form, messageMaxChars: '99' }).success).toBe(false);
    expect(LIMITS.schema.safeParse({ ...form, rateLimitAuthPerIp: '1.5' }).success).toBe(false);
  });

  it("names the server's fields as the form's", () => {
    expect(serverFieldMap('limits', LIMITS)).toMatchObject({ 'limits.uploadMaxBytes': 'uploadMaxMb', 'limits.messageMaxChars': 'messageMaxChars' });
    expect(serverFieldMap('model', MODEL)).toMatchObject({ 'model.baseUrl': 'baseUrl', 'model.apiKey': 'apiKey' });
  });

  it('says sizes and times in the reader language', () => {
    expect(formatBytes('en', 1024)).toBe('1 kB');
    expect(formatBytes('en', 16 * 1024 * 1024 * MB)).toBe('16 TB');
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(formatAgo('2026-03-01T09:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatAgo('2026-02-28T10:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatAgo('2026-03-01T09:59:50Z', 'en', now)).toBe('now');
    expect(formatAgo(null, 'en', now)).toBeNull();
  });
});
