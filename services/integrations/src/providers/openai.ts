// OpenAI chat completions for fun-place suggestions. The answer is reduced to at most
// five plain-text lines: list markers and markdown are stripped, nothing is added.
import { z } from 'zod';
import { badAnswer, type SuggestionsProvider } from '../domain/ports';
import type { Upstream } from './upstream';

export type { SuggestionsProvider };

export const MAX_SUGGESTION_LINES = 5;
const MAX_LINE_LENGTH = 300;
const SERVICE = 'suggestions service';

const completionAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1),
});

export function openAi(
  upstream: Upstream,
  settings: { baseUrl: string; apiKey: string; model: string; timeoutMs: number },
): SuggestionsProvider {
  return {
    async funPlaces(location) {
      const answer = await upstream.json({
        service: SERVICE,
        url: new URL('/v1/chat/completions', settings.baseUrl),
        method: 'POST',
        headers: { authorization: `Bearer ${settings.apiKey}` },
        json: {
          model: settings.model,
          temperature: 0.7,
          max_tokens: 300,
          messages: [
            {
              role: 'system',
              content:
                'You suggest real places a traveller can visit. Answer with at most 5 lines, one place per line, ' +
                'as "Name - one short reason". Plain text only: no numbering, no markdown, no introduction.',
            },
            { role: 'user', content: `Fun places to visit in: ${location}` },
          ],
        },
        timeoutMs: settings.timeoutMs,
      });
      const parsed = completionAnswer.safeParse(answer.body);
      if (answer.status !== 200 || !parsed.success) throw badAnswer(SERVICE);
      const text = plainLines(parsed.data.choices[0]!.message.content);
      if (!text) throw badAnswer(SERVICE);
      return text;
    },
  };
}

export function plainLines(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^\s*#+\s*/, '')
        .replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, '')
        .replace(/\*\*|__|`/g, '')
        .trim()
        .slice(0, MAX_LINE_LENGTH),
    )
    .filter(Boolean)
    .slice(0, MAX_SUGGESTION_LINES)
    .join('\n');
}
