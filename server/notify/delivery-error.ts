/**
 * A message the channel (SMTP server, SMS provider) refused or could not take, with the provider's
 * reason as the delivery log shows it. `temporary` says whether a later attempt may succeed
 * (throttling, a 5xx, a timeout, the network) or not (a bad template, an invalid number, bad
 * credentials): the job queue retries only the temporary ones.
 */
export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly temporary: boolean,
  ) {
    super(reason);
    this.name = "DeliveryError";
  }
}
