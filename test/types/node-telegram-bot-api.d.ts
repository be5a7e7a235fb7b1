/**
 * The part of node-telegram-bot-api 0.67 (a CommonJS package without bundled types) that the tests
 * use. Only what test/node-telegram-bot-api.test.ts calls is declared.
 */
declare module 'node-telegram-bot-api' {
  import type { Readable } from 'node:stream';

  namespace TelegramBot {
    interface ConstructorOptions {
      polling?: boolean | { interval?: number; autoStart?: boolean; params?: { timeout?: number } };
      baseApiUrl?: string;
    }
    interface PhotoSize {
      file_id: string;
      file_unique_id: string;
      width: number;
      height: number;
      file_size?: number;
    }
    interface Message {
      message_id: number;
      chat: { id: number; type: string };
      from?: { id: number; first_name: string };
      text?: string;
      caption?: string;
      photo?: PhotoSize[];
    }
  }

  class TelegramBot {
    constructor(token: string, options?: TelegramBot.ConstructorOptions);
    on(event: 'message', listener: (message: TelegramBot.Message) => void): this;
    on(event: 'polling_error', listener: (error: Error) => void): this;
    sendMessage(chatId: number | string, text: string, options?: object): Promise<TelegramBot.Message>;
    sendPhoto(
      chatId: number | string,
      photo: string | Buffer | Readable,
      options?: object,
      fileOptions?: { filename?: string; contentType?: string },
    ): Promise<TelegramBot.Message>;
    getFileLink(fileId: string): Promise<string>;
    getFileStream(fileId: string): Readable;
    downloadFile(fileId: string, downloadDir: string): Promise<string>;
    stopPolling(options?: { cancel?: boolean; reason?: string }): Promise<void>;
  }

  export = TelegramBot;
}
