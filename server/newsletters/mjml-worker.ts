/**
 * The worker thread of the MJML pool (mjml-pool.ts): compiles one newsletter's MJML to HTML. MJML
 * takes 145 to 411 ms for a newsletter of 20 products, all of it synchronous work, so it runs
 * here and never on the server's event loop; its 18 MiB of modules live in this thread's heap
 * and go away when the pool lets an idle thread exit.
 */
import mjml2html from 'mjml';

export interface CompiledMjml {
  html: string;
  /** MJML's validation messages; the template is wrong when there are any. */
  errors: string[];
}

export default async function compileMjml(mjml: string): Promise<CompiledMjml> {
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'strict' });
  return { html, errors: errors.map((error) => error.formattedMessage) };
}
