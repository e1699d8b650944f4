import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { APP_CONFIG, AppConfig, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../config';
import { randomBase62 } from '../../common/util/ids';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends e-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an `.eml` file to the outbox folder (the embedded default), and its path is logged.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly transport: Transporter;
  private readonly outboxDir?: string;
  /** True for the embedded default: messages land in a folder, not in anyone's inbox. */
  readonly deliversToOutbox: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    if (config.mail.smtpUrl) {
      this.transport = createTransport(config.mail.smtpUrl);
      this.deliversToOutbox = false;
    } else {
      this.deliversToOutbox = true;
      this.outboxDir = config.mail.outboxDir;
      mkdirSync(this.outboxDir, { recursive: true, mode: PRIVATE_DIR_MODE });
      this.transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.mail.from, ...mail });
    if (this.outboxDir) {
      const file = join(this.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBase62(6)}.eml`);
      // An e-mail carries a verification or reset link, a credential of its own: the service's user's only.
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: PRIVATE_FILE_MODE });
      this.logger.log({ outbox_file: file, subject: mail.subject }, `E-mail written to the outbox: ${file}`);
    }
  }
}
