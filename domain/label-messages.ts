/** Spanish texts of product labels (issue #35 item 5): the «Imprimir etiquetas» dialog and its printouts. */
import { LABEL_LIMITS } from './shelf-labels';

export const LABEL_MSG = {
  title: 'Imprimir etiquetas',
  noneSelected: 'Elegí al menos un producto',
  copiesInvalid: `Copias por producto: debe ser un número entero entre 1 y ${LABEL_LIMITS.maxCopies}`,
  tooMany: (count: number) => `Son ${count} etiquetas: se imprimen como máximo ${LABEL_LIMITS.maxLabels} por vez. Elegí menos productos o copias.`,
  nothingToPrint: 'Ninguno de los productos elegidos tiene un código que se pueda imprimir como código de barras',
  withoutBarcode: (names: string[]) =>
    `${names.length} producto(s) sin código de barras imprimible (sin código, o con caracteres como ñ o tildes): ${names.slice(0, 5).join(', ')}${names.length > 5 ? '…' : ''}`,
  sentToPrinter: (count: number) => `${count} etiqueta(s) enviadas a la impresora`,
  noDevice: 'Este navegador no es un dispositivo registrado: las etiquetas se imprimen en hoja A4',
  printedOn: (date: string) => `Precio al ${date}`,
} as const;
