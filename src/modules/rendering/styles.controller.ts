import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth';
import { STYLES } from './contract';
import { StyleListDto } from './dto/render-responses.dto';

@ApiTags('Renders')
@Controller('v1/styles')
@Authenticated()
export class StylesController {
  @Get()
  @ApiOperation({ summary: 'List map styles', description: 'Use an id as `style` in a render request.' })
  @ApiOkResponse({ type: StyleListDto })
  list(): StyleListDto {
    return { styles: STYLES.map((s) => ({ ...s })) };
  }
}
