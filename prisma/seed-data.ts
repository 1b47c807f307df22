export async function seedDemoData(_options: { databaseUrl: string; dataDir: string }): Promise<void> {}
