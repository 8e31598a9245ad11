import type { Call } from '@/features/phone/api/calls';
import type { PhoneNumber, PhoneSetup } from '@/features/phone/api/phone';
import type { CallStep, SimulatorTurn } from '@/features/phone/api/simulator';
import type { SmsLogEntry } from '@/features/phone/api/sms';

// The phone screen's data as the API gives it: the setup (Twilio connected or not, the public URL
// and the webhook URLs), calls, a simulator's answers (the call, its TwiML and the steps), the
// numbers and the SMS log.

export function makePhoneSetup(over: Partial<PhoneSetup> = {}): PhoneSetup {
  return {
    twilioConfigured: false,
    fromNumber: null,
    publicUrl: 'http://localhost:8080',
    publicUrlReachable: false,
    voiceUrl: 'http://localhost:8080/api/phone/twilio/voice',
    smsUrl: 'http://localhost:8080/api/phone/twilio/sms',
    statusUrl: 'http://localhost:8080/api/phone/twilio/status',
    voiceProvider: false,
    ...over,
  };
}

/** Twilio connected, from +1 415 555 0100, on a public address. */
export const connectedSetup = () =>
  makePhoneSetup({
    twilioConfigured: true,
    fromNumber: '+14155550100',
    publicUrl: 'https://agents.example.com',
    publicUrlReachable: true,
    voiceUrl: 'https://agents.example.com/api/phone/twilio/voice',
    smsUrl: 'https://agents.example.com/api/phone/twilio/sms',
    statusUrl: 'https://agents.example.com/api/phone/twilio/status',
  });

export function makeCall(over: Partial<Call> = {}): Call {
  return {
    id: 'call1',
    sid: 'CA0123456789abcdef0123456789abcdef',
    agentId: 'a1',
    conversationId: null,
    direction: 'outbound',
    from: '+14155550100',
    to: '+14155552671',
    status: 'queued',
    simulated: false,
    record: false,
    variables: {},
    turns: 0,
    durationSeconds: null,
    recordingUrl: null,
    recordingSeconds: null,
    error: null,
    answeredAt: null,
    endedAt: null,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}

/** A simulated call: from and to the browser. */
export const makeSimulatedCall = (over: Partial<Call> = {}) =>
  makeCall({ id: 'sim1', sid: null, direction: 'inbound', from: 'browser', to: 'browser', simulated: true, status: 'in-progress', ...over });

const say = (text: string): CallStep => ({ kind: 'say', text, language: 'en-US' });
const listen: CallStep = { kind: 'listen', timeoutSeconds: 6, language: 'en-US' };

/** An answer of the simulator: `texts` said inside a gather that then listens, or, with `hangup`, said and hung up. */
export function makeSimulatorTurn(texts: string[], { call = makeSimulatedCall(), hangup = false }: { call?: Call; hangup?: boolean } = {}): SimulatorTurn {
  const steps: CallStep[] = [...texts.map(say), hangup ? { kind: 'hangup' } : listen];
  const says = texts.map((t) => `<Say language="en-US">${t}</Say>`).join('');
  const twiml = hangup
    ? `<?xml version="1.0" encoding="UTF-8"?><Response>${says}<Hangup/></Response>`
    : `<?xml version="1.0" encoding="UTF-8"?><Response><Gather input="speech" action="https://agents.example.com/api/phone/twilio/gather?call=${call.id}" timeout="6" language="en-US">${says}</Gather></Response>`;
  return { call, twiml, steps };
}

export function makePhoneNumber(over: Partial<PhoneNumber> = {}): PhoneNumber {
  return { id: 'n1', phoneNumber: '+14155550123', agentId: 'a1', recordCalls: false, createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z', ...over };
}

export function makeSms(over: Partial<SmsLogEntry> = {}): SmsLogEntry {
  return {
    id: 's1',
    sid: 'SM0123456789abcdef0123456789abcdef',
    from: '+14155550100',
    to: '+14155552671',
    body: 'Your order has shipped.',
    status: 'delivered',
    createdAt: '2026-03-01T10:00:00Z',
    kind: 'message',
    direction: 'outbound',
    error: null,
    ...over,
  };
}
