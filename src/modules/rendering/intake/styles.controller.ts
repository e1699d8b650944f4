import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../auth';
import { STYLES } from '../../contract';
import { StyleListDto } from '../dto/render-responses.dto';
import { StylePreviewsService } from '../style-previews/style-previews.service';

@ApiTags('Renders')
@Controller('v1/styles')
@Authenticated()
export class StylesController {
  constructor(private readonly previews: StylePreviewsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listStyles',
    summary: 'List map styles',
    description: 'Use an id as `style` in a render request. `preview_url` is a still of a sample route in the style.',
  })
  @ApiOkResponse({ type: StyleListDto })
  list(): StyleListDto {
    return {
      styles: STYLES.map(({ id, name, description, dark }) => ({ id, name, description, dark, preview_url: this.previews.previewUrl(id) })),
    };
  }
}
