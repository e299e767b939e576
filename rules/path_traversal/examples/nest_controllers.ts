import { Controller, Get, NotFoundException, Param, Res } from "@nestjs/common";
import type { Response } from "express";
import { promises as fs } from "node:fs";
import * as path from "node:path";

const EXPORT_DIR = path.resolve(process.env.EXPORT_DIR ?? "/data/agent-exports");
const RUN_ID = /^[a-f0-9-]{36}$/;

// a NestJS controller: the framework fills @Param / @Query / @Body parameters from the request
@Controller("exports")
export class ExportsController {
  @Get(":runId/:fileName")
  async download(@Param("runId") runId: string, @Param("fileName") fileName: string, @Res() res: Response): Promise<void> {
    if (!RUN_ID.test(runId)) throw new NotFoundException();
    const filePath = path.join(EXPORT_DIR, runId, fileName);
    // ruleid: path_traversal
    res.send(await fs.readFile(filePath));
  }

  @Get("checked/:fileName")
  async checked(@Param("fileName") fileName: string, @Res() res: Response): Promise<void> {
    const filePath = path.resolve(EXPORT_DIR, fileName);
    if (!filePath.startsWith(EXPORT_DIR + path.sep)) throw new NotFoundException();
    // ok: path_traversal
    res.send(await fs.readFile(filePath));
  }
}
