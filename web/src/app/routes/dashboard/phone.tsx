import { PhoneScreen } from '@/features/phone/components/phone-screen';

/** /dashboard/conversations/phone: the phone screen, opened on the calls (the simulator, a test call, the history). */
export function PhoneCallsRoute() {
  return <PhoneScreen defaultTab="calls" />;
}

/** /dashboard/integrations/twilio and /dashboard/twilio: the same screen, opened on its setup. */
export function TwilioSetupRoute() {
  return <PhoneScreen defaultTab="setup" />;
}
