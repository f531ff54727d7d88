import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  XmlBufferInputProvider,
  XmlDocument,
  XmlLibError,
  XsdValidator,
  xmlRegisterInputProvider,
} from 'libxml2-wasm';

/**
 * Issue 21 point 2: every FatturaPA file is checked against the official schema (libxml2 compiled to
 * WebAssembly: no native build, no network) before it is issued. The schema is compiled once, on first
 * use (about 80 ms), and kept: a file then validates in about a millisecond, inside the transaction
 * that issues its document. The schemas sit in `xsd/` beside this file; the server runs its sources
 * (tsx), so the path holds in tests and in production alike.
 */

const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');
const FATTURAPA_XSD = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
/** Imported by the FatturaPA schema under this same name (its schemaLocation was made local). */
const XMLDSIG_XSD = 'xmldsig-core-schema.xsd';

let validator: XsdValidator | undefined;

function fatturaPaValidator(): XsdValidator {
  if (validator) return validator;
  // Only the imported schema can be read while compiling: no file system or network access otherwise.
  xmlRegisterInputProvider(
    new XmlBufferInputProvider({ [XMLDSIG_XSD]: readFileSync(path.join(XSD_DIR, XMLDSIG_XSD)) }),
  );
  const schema = XmlDocument.fromBuffer(readFileSync(path.join(XSD_DIR, FATTURAPA_XSD)), {
    url: FATTURAPA_XSD,
  });
  try {
    validator = XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return validator;
}

/** libxml2's messages as staff read them: "Line 12: Element 'CodiceDestinatario': [facet 'pattern'] …". */
function describe(error: unknown): string[] {
  if (!(error instanceof XmlLibError)) throw error;
  const lines = error.details.map((d) => `Line ${d.line}: ${d.message.trim()}`);
  return lines.length > 0 ? [...new Set(lines)] : [error.message];
}

/** The reasons `xml` does not validate against FatturaPA 1.2.2, one per libxml2 error; empty when valid. */
export async function validateFatturaPa(xml: string): Promise<string[]> {
  const check = fatturaPaValidator();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (error) {
    return describe(error);
  }
  try {
    check.validate(doc);
    return [];
  } catch (error) {
    return describe(error);
  } finally {
    doc.dispose();
  }
}
