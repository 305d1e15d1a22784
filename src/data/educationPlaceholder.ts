/**
 * The bundled picture an education shows when it has no thumbnail or its thumbnail cannot load
 * (issue 12): drawn, so it needs no other host.
 */
import placeholder from './images/education-placeholder.svg';

export const educationPlaceholder: string = placeholder;
