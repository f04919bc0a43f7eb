/** Durable consumer names end up in NATS subjects: no dots, wildcards or spaces. */
const NAME = /^[A-Za-z0-9_-]{1,100}$/;

export function checkConsumerName(name: string): string {
  if (!NAME.test(name)) {
    throw new TypeError(
      `consumer name must be 1-100 letters, digits, "-" or "_", got ${JSON.stringify(name)}`,
    );
  }
  return name;
}
