import nodemailer, { type Transporter } from 'nodemailer';

/** The SMTP server notifications go out through (SLIPWAY_SMTP_URL, SLIPWAY_SMTP_FROM); none: email channels are refused. */
export interface SmtpSettings {
  /** smtp://user:password@host:port (STARTTLS when offered) or smtps://… (TLS from the start). */
  url: string;
  /** The From address, e.g. "Slipway <slipway@example.com>". */
  from: string;
}

export interface EmailAnswer {
  /** The SMTP reply code of the accepted message (250). */
  code: number;
  reply: string;
}

/** Sends one message through the configured SMTP server; throws with the server's reply when it refuses. */
export class EmailSender {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport(settings.url, { from: settings.from });
  }

  async send(to: string, subject: string, text: string): Promise<EmailAnswer> {
    const info = await this.transport.sendMail({ from: this.settings.from, to, subject, text });
    const reply = String(info.response ?? '');
    return { code: Number.parseInt(reply, 10) || 250, reply: reply.slice(0, 500) };
  }

  close(): void {
    this.transport.close();
  }
}
