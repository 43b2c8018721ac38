// Imported first by main.tsx: zod 4 probes `new Function('')` to decide whether to compile its parsers, and under the
// app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') Chromium reports that probe as a violation.
// Parsing without the compiled fast path is plenty for forms.
import { z } from 'zod';

z.config({ jitless: true });
