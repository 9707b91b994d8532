// The SMS port: one-time codes to mobiles. Sandbox: the outbox table; real: an SMS provider's HTTP API.
export type SmsMessage = { to: string; text: string; tag: string };

export type SmsPort = {
  send(message: SmsMessage): Promise<{ id: string }>;
};
