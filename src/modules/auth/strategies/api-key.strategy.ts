import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { HeaderAPIKeyStrategy } from 'passport-headerapikey';
import { ApiKeysService } from '../api-keys.service';

/** API keys arrive the same way as tokens: `Authorization: Bearer mapr_live_…`. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(HeaderAPIKeyStrategy, 'api-key') {
  constructor(private readonly apiKeys: ApiKeysService) {
    super({ header: 'Authorization', prefix: 'Bearer ' }, false);
  }

  async validate(apiKey: string) {
    return (await this.apiKeys.authenticate(apiKey)) ?? false;
  }
}
