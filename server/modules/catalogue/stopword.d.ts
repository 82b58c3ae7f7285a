// Types for the `stopword` package (3.x ships JavaScript only): its lists, by ISO 639-3 code, are arrays of words.
declare module 'stopword' {
  export const eng: string[];
  export const deu: string[];
  export const fra: string[];
  export const spa: string[];
  export const ita: string[];
  export const por: string[];
  export const porBr: string[];
  export const pol: string[];
  export const ara: string[];
}
